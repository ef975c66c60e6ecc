import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

describe('public API', () => {
  it.each([
    'DomainError',
    'currencyForCountry',
    'displayCurrencyForCountry',
    'minorUnitDigits',
    'formatMoney',
    'toMinor',
    'toMajor',
    'priceProduct',
    'clampQuantity',
    'missingRequiredPreferences',
    'assertRequiredPreferences',
    'isProductVisible',
    'localWeekdayAndTime',
    'isOpenAt',
    'openingWindowFor',
    'DURATION_STEP',
    'MIN_DURATION',
    'MAX_DURATION',
    'DEFAULT_DURATION',
    'DEFAULT_QUANTITY',
    'durationChoices',
    'reservationFormDefaults',
    'rangesOverlap',
    'findClash',
    'markFreeTables',
    // table links (#11)
    'TABLE_LINK_LEAD_MINUTES',
    'isCurrentAtTable',
    'currentAtTable',
    'walkInDurations',
    'defaultWalkInDuration',
    'RESERVATION_STATUSES',
    'deliveryPrice',
    'haversineMeters',
    'guestName',
    'makeGuestProfile',
    'SUPPORTED_LOCALES',
    'DEFAULT_LOCALE',
    'pickLocale',
    // orders (#11)
    'MAX_ORDER_QUANTITY',
    'MAX_ORDER_COMMENTS_LENGTH',
    'newPendingItemId',
    'isSamePendingLine',
    'addPendingItem',
    'updatePendingItem',
    'removePendingItem',
    'pendingItemCount',
    'cartSummary',
    'cartSubtotal',
    'cartPointsNeeded',
    'readCart',
    'pointsCost',
    'canRedeem',
    'redeemPoints',
    'unitPointsPrice',
    'priceOrderLine',
    'ORDER_PAYMENT_STATUSES',
    'orderPayment',
    'summarizeBill',
    'billTotals',
    // split and pay (#12)
    'MAX_SPLIT_PARTS',
    'assertParts',
    'splitEvenly',
    'equalShare',
    'dishShare',
    'allocate',
    'TIP_CHOICES',
    'isTipChoice',
    'percentTip',
    'tipFor',
    'pointsEarned',
    'PAYMENT_TYPES',
    'canMergePendingPayments',
    'mergePendingPayment',
    'classifyWebpayReturn',
    'isWebpayApproved',
    'isWebpayBuyOrder',
    'webpayBuyOrder',
    'uuidFromWebpayBuyOrder',
    'WEBPAY_BUY_ORDER_CHARACTERS',
    'WEBPAY_CURRENCY',
    'offeredPaymentTypes',
    'planSplit',
  ])('exports %s', (name) => {
    expect(domain).toHaveProperty(name);
  });
});

describe('purity of the package source', () => {
  const srcDir = import.meta.dirname;
  const sourceFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
    });
  const files = sourceFiles(srcDir).filter((path) => !relative(srcDir, path).startsWith('testing'));

  it('has source files to check', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each([
    ['reads the clock with Date.now()', /Date\.now\s*\(/],
    ['reads the clock with new Date()', /new Date\s*\(\s*\)/],
    ['uses Math.random (randomness must be injected)', /Math\.random/],
    ['imports another workspace package', /from\s+['"]@comensal\//],
    ['imports a Node built-in (I/O)', /from\s+['"]node:/],
    ['uses an import without the .ts extension', /from\s+['"]\.{1,2}\/(?:(?!\.ts['"]).)*['"]/],
  ])('no source file %s', (_label, pattern) => {
    const offenders = files
      .filter((path) => pattern.test(readFileSync(path, 'utf8')))
      .map((path) => relative(srcDir, path));
    expect(offenders).toEqual([]);
  });
});
