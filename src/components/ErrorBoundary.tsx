import { Component, type ReactNode } from 'react';
import { ErrorView } from './ErrorView.tsx';

/** Catches a render error in a page so the reader sees an error view with Retry, never a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, { error: unknown; key?: string | undefined }> {
  state: { error: unknown; key?: string | undefined } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey?: string }, state: { error: unknown; key?: string | undefined }) {
    // A new route clears the error.
    if (props.resetKey !== state.key) return { error: null, key: props.resetKey };
    return null;
  }

  render() {
    if (this.state.error) return <ErrorView error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
