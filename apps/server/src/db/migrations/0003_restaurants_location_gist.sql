-- Distance search (GET /api/restaurants?sort=distance): the list first asks for the restaurants
-- inside the bounding box of a small radius, then widens it (restaurant-repository.ts). A GiST
-- index on the location answers "inside this box" without reading every restaurant. Core
-- PostgreSQL (point_ops), no extension. Custom migration: drizzle-kit cannot express an index on
-- an expression of two columns, so schema.ts does not list it (the snapshot is unchanged).
CREATE INDEX IF NOT EXISTS "restaurants_location_gist_idx" ON "restaurants" USING gist (point("lng", "lat"));
