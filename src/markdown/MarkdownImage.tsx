import type { ComponentProps } from 'react';

type Sizes = Record<string, { width: number; height: number }>;

/** Content images carry their intrinsic size, so nothing shifts as they load; medium-zoom attaches to them. */
export function MarkdownImage({ src = '', alt = '', imageSizes, node: _node, width, height, ...rest }: ComponentProps<'img'> & { node?: unknown; imageSizes: Sizes }) {
  const size = typeof src === 'string' ? imageSizes[src] : undefined;
  return (
    <img
      {...rest}
      // An address the sanitiser removed leaves none, as in the page documents: never src="", which names the page itself.
      src={src || undefined}
      alt={alt}
      // The compiler's measured size, else the width and height a raw <img> gives itself.
      width={size?.width ?? width}
      height={size?.height ?? height}
      loading="lazy"
      decoding="async"
      data-zoomable=""
      className="content-image"
    />
  );
}
