/**
 * Restaurants: the public read endpoints (list, detail, menu, one product, its price) and the
 * menu writers (createProduct; updateProduct, which the staff console calls). How a list is answered
 * is in list/README.md. The module's front door: other code imports only what is exported here.
 */
export { createProduct } from './create-product.ts';
export { findRestaurantIdBySlug, restaurantExists } from './find-restaurant.ts';
export { visibleAt } from './get-menu.ts';
export { findProductIdByKey } from './get-product.ts';
export { listRestaurantSummaries } from './list/list-restaurants.ts';
export { menuCacheChannel, RESTAURANT_LIST_CACHE_CHANNEL } from './live-channels.ts';
export { toProduct } from './mappers.ts';
export { publishMenuChanged } from './menu-events.ts';
export { restaurantRoutes } from './routes.ts';
export { listAllProducts } from './list-products.ts';
export { updateProduct, type ProductWithVisibility, type UpdateProductOptions } from './update-product.ts';
