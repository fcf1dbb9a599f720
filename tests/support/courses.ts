/** The training courses' reading order, as the issues give it; the content tests check the site against it. */

export const CHATBOT_COURSE = [
  ...['overview', 'subscribe', 'device', 'configure', 'recordings', 'test', 'jquery', 'sample', 'reporting', 'going-further'].map((s) => `/training/chatbot/functional/${s}/`),
  '/training/chatbot/load/overview/',
  '/training/chatbot/monitoring/overview/',
];

export const IVR_COURSE = [
  '/training/ivr/accuracy/overview/',
  ...['overview', 'subscribe', 'device', 'test', 'homophones', 'voices', 'end-of-speech', 'reporting', 'going-further'].map((s) => `/training/ivr/functional/${s}/`),
  '/training/ivr/load/overview/',
  '/training/ivr/monitoring/overview/',
];
