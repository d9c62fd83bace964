/** Every way people type the same Kenyan number, 254712345678. */
export const TYPED_FORMS = ['0712345678', '0712 345 678', '0712-345-678', '+254712345678', '+254 712 345 678', '254712345678', '254 712 345678', '+254 (0)712 345 678'];

/** What a refusal of a currency must say: every currency that is accepted. */
export const ACCEPTED_IN_MESSAGE = 'KES, USD, EUR or GBP';

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
