// Unique names and numbers for rows the factories make: every test database starts empty, and rows stay
// for the whole file, so no two calls may make the same e-mail, company code or unit number.
let sequence = 0;
let counter = 0;

/** `<prefix>-<pid>-<n>`: a name no other call of this process makes. */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}-${process.pid}-${sequence}`;
}

/** The next number of this process's count of company codes and unit numbers. */
export function serial(): number {
  counter += 1;
  return counter;
}
