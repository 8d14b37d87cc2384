/** How Bangladeshi shoppers write a number: +8809610001010 → 09610-001010 (11 digits, 5 + 6). */
export function displayPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const local = digits.startsWith('880') ? `0${digits.slice(3)}` : digits;
  return local.length === 11 ? `${local.slice(0, 5)}-${local.slice(5)}` : phone;
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** wa.me wants the international number as digits only. */
export function whatsAppHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `https://wa.me/${digits.startsWith('0') ? `88${digits}` : digits}`;
}
