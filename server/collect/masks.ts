/** What a stranger may see of a phone number: 137****1111. */
export function maskPhone(phone: string): string {
  return phone.length < 7 ? '*'.repeat(phone.length) : `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** What a stranger may see of a name: its first character, then * per character left (张**). */
export function maskName(name: string): string {
  const [first = '', ...rest] = Array.from(name);
  return first + '*'.repeat(rest.length);
}
