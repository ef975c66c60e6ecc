/**
 * Sends the browser to Webpay's card page the way Webpay asks: a form POST of `token_ws` to the
 * URL the server answered (the built-in sandbox in development and tests).
 */
export function postToWebpay(url: string, token: string): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.hidden = true;
  const input = document.createElement('input');
  input.type = 'hidden';
  input.name = 'token_ws';
  input.value = token;
  form.append(input);
  document.body.append(form);
  form.submit();
}
