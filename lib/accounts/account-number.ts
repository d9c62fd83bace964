/**
 * Account numbers carry a Luhn check digit, so a payer's mistyped digit, or two swapped
 * neighbours, is caught when the payment arrives instead of crediting a stranger.
 */
export function luhnCheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

export const withCheckDigit = (body: string) => body + String(luhnCheckDigit(body));

export function hasValidCheckDigit(accountNumber: string): boolean {
  if (!/^[0-9]{2,}$/.test(accountNumber)) return false;
  return luhnCheckDigit(accountNumber.slice(0, -1)) === Number(accountNumber.at(-1));
}
