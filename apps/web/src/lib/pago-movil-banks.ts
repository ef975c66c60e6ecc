/** The banks of Venezuela's Pago Móvil, by their 4-digit code (proper names, not translated). */
export const PAGO_MOVIL_BANKS: readonly (readonly [code: string, name: string])[] = [
  ['0102', 'Banco de Venezuela'],
  ['0104', 'Venezolano de Crédito'],
  ['0105', 'Mercantil'],
  ['0108', 'Provincial'],
  ['0114', 'Bancaribe'],
  ['0115', 'Exterior'],
  ['0128', 'Caroní'],
  ['0134', 'Banesco'],
  ['0137', 'Sofitasa'],
  ['0138', 'Banco Plaza'],
  ['0151', 'BFC'],
  ['0156', '100% Banco'],
  ['0163', 'Banco del Tesoro'],
  ['0166', 'Banco Agrícola'],
  ['0168', 'Bancrecer'],
  ['0169', 'Mi Banco'],
  ['0171', 'Banco Activo'],
  ['0172', 'Bancamiga'],
  ['0174', 'Banplus'],
  ['0175', 'Bicentenario'],
  ['0177', 'Banfanb'],
  ['0191', 'BNC'],
];

/** "0134 · Banesco" for a bank code (the code alone when it is not in the list). */
export function bankLabel(code: string): string {
  const name = PAGO_MOVIL_BANKS.find(([entry]) => entry === code)?.[1];
  return name ? `${code} · ${name}` : code;
}
