/** Removes an access token from text that may reach a log line or an error message. */
export function redact(text: string, token: string | undefined): string {
  let out = text.replace(/access_token=[^&\s"']*/gi, 'access_token=[redacted]');
  if (token) out = out.split(token).join('[redacted]');
  return out;
}
