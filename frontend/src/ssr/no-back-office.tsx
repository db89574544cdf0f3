// The server bundle's stand-in for the back office's screens (vite.ssr.config.ts): the server
// renders shopper pages only, so the back office's code stays out of the engines.
export default function NoBackOffice() {
  return null;
}
