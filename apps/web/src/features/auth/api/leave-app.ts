/** Sends the browser to another site (an OAuth provider). Its own module so tests can stand in for it. */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
