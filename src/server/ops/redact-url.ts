/** A connection URL fit for logs and messages: its user and password replaced by "***". */
export function redactUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, "//***@");
}
