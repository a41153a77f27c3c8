/**
 * One CSV cell (RFC 4180: fields with a comma, quote or line break — or leading or trailing spaces,
 * which some readers trim — in double quotes, quotes doubled). Text a spreadsheet would run as a
 * formula (starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe, so a
 * creator's name or bio can never execute in the user's spreadsheet (OWASP "CSV injection"). Lists
 * are joined with "; ". Numbers and booleans are written as they are (a negative number is data).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = Array.isArray(value) ? value.map(String).join("; ") : String(value);
  if ((typeof value === "string" || Array.isArray(value)) && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}
