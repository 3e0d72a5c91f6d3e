/**
 * The key a phone number is known by in messaging (ADR 0073): its digits with the country code,
 * as the messaging platform writes a user's number (WhatsApp's `wa_id`, E.164 without the `+`).
 * Brazilian mobile numbers are written with their ninth digit: WhatsApp still gives some
 * accounts registered before the ninth digit their eight-digit form (55 + area + 8 digits
 * starting with 6-9), which is the same line as the nine-digit number the user types in a form.
 * Pure: the webhook, the messaging read model and the SPA use the same function.
 */
export function phoneKeyOf(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let digits = raw.replace(/[\s().-]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  else if (digits.startsWith('00')) digits = digits.slice(2);
  if (!/^[1-9][0-9]{7,14}$/.test(digits)) return null;
  const brOldMobile = /^55([1-9][0-9])([6-9][0-9]{7})$/.exec(digits);
  return brOldMobile ? `55${brOldMobile[1]}9${brOldMobile[2]}` : digits;
}
