/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API host; empty for the same origin. */
  readonly VITE_API_URL?: string;
  /** The release's name, written on the page as `data-release` when set. */
  readonly VITE_RELEASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
