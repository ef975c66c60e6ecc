// Dish pictures (docs/decisions/0038-responsive-pictures.md): an owner uploads a dish's photo in
// the staff console; a diner on a 360 px phone then sees it on the menu card, served from the
// stored widths through `srcset` (the phone fetches a narrow file, not the widest), lazy, with the
// card's box held — and both pages stay axe-clean at 360 px.
import sharp from 'sharp';
import { expect, expectAccessible, msg, signInViaApi, test } from './fixtures/app.ts';

const OWNER_EMAIL = 'owner@comensal.test';
const DEMO_PASSWORD = 'comensal-demo';

/** A 1600×1200 photo-like JPEG (stripes and a disc) for the server to cut and re-encode. */
async function dishPhoto(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">' +
    '<rect width="1600" height="1200" fill="#7a3b12"/>' +
    '<rect y="400" width="1600" height="200" fill="#e8b04a"/>' +
    '<circle cx="800" cy="600" r="420" fill="#f4e3c1"/><circle cx="800" cy="600" r="260" fill="#c0392b"/></svg>';
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

interface MenuItem {
  id: string;
  name: { es: string; en: string };
}

test('an owner uploads a dish picture; a diner’s menu card shows it with a srcset, axe-clean at 360 px', async ({
  browser,
}) => {
  const baseURL = test.info().project.use.baseURL;
  const t = (key: string, values?: Record<string, string>) => msg('en-US', key, values);

  // The owner, on a phone-sized console.
  const ownerContext = await browser.newContext({
    baseURL,
    locale: 'en-US',
    viewport: { width: 360, height: 800 },
  });
  const owner = await ownerContext.newPage();
  await signInViaApi(owner, OWNER_EMAIL, DEMO_PASSWORD);
  const mine = (await (await owner.request.get('/api/staff/restaurants')).json()) as {
    items: Array<{ id: string; role: string }>;
  };
  const restaurantId = mine.items.find((item) => item.role === 'owner')!.id;
  // a dish diners see now (the first of the menu)
  const menu = (await (await owner.request.get(`/api/restaurants/${restaurantId}/menu`)).json()) as {
    items: MenuItem[];
  };
  const dish = menu.items[0]!;

  await owner.goto(`/staff/${restaurantId}/menu`);
  await owner
    .getByRole('button', { name: t('staff.menu.edit', { name: dish.name.en }), exact: true })
    .click();
  const field = owner.getByLabel(t('staff.menu.picture.label'));
  await field.setInputFiles({ name: 'plato.jpg', mimeType: 'image/jpeg', buffer: await dishPhoto() });
  await expect(owner.getByText(t('staff.menu.picture.saved'))).toBeVisible();
  // the console shows the new picture beside the field
  const preview = field.locator('xpath=ancestor::div[2]').locator('img');
  await expect(preview).toHaveAttribute('srcset', /\.320w\.webp 320w, .*\.960w\.webp 960w$/);
  expect(
    await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expectAccessible(owner);

  // A diner on a 360 px phone, no account.
  const dinerContext = await browser.newContext({
    baseURL,
    locale: 'en-US',
    viewport: { width: 360, height: 800 },
  });
  const diner = await dinerContext.newPage();
  await diner.goto(`/restaurants/${restaurantId}/menu`);
  const card = diner
    .getByRole('article')
    .filter({ has: diner.getByRole('link', { name: dish.name.en, exact: true }) });
  const picture = card.locator('img');
  await expect(picture).toHaveAttribute(
    'srcset',
    /^\S+\.320w\.webp 320w, \S+\.640w\.webp 640w, \S+\.960w\.webp 960w$/,
  );
  await expect(picture).toHaveAttribute('sizes', '(min-width: 640px) 128px, 96px');
  await expect(picture).toHaveAttribute('loading', 'lazy');
  await expect(picture).toHaveAttribute('decoding', 'async');
  await expect(picture).toHaveAttribute('width', '128');
  await expect(picture).toHaveAttribute('height', '128');
  await picture.scrollIntoViewIfNeeded();
  // loaded, and the narrow file chosen for a 96 px box at 1× (naturalWidth is the file's width
  // over the density srcset gave it: 320 px drawn in 96)
  await expect
    .poll(() =>
      picture.evaluate((img: HTMLImageElement) =>
        img.complete && img.naturalWidth > 0 ? img.currentSrc : '',
      ),
    )
    .toMatch(/\.320w\.webp$/);
  const box = await picture.boundingBox();
  expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([96, 96]);
  await expectAccessible(diner);

  await ownerContext.close();
  await dinerContext.close();
});
