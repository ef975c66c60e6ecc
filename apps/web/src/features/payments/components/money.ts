import { formatMoney } from '@comensal/domain';

/** A server amount for display (the app's currency rule for the restaurant's country). */
export const money = (amountMinor: number, country: string) => formatMoney(amountMinor, country);
