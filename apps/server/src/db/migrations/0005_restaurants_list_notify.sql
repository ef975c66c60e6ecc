-- Every instance keeps the restaurants' positions in memory to answer "nearest first" lists
-- (modules/restaurants/list/nearby-index.ts) and each restaurant's list item (summary-cache.ts). Both
-- must follow every writer (the app, the seeds, scripts, a console in psql), so the table itself
-- says when what a list shows changed: one NOTIFY per statement on the app's live channel, which
-- every instance LISTENs to (modules/live). The UPDATE OF list names the columns a list item or
-- the index reads; the diet flags of 0004 are left out (a product change is already a menu event).
CREATE FUNCTION "restaurants_notify_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('comensal_live', '{"c":"internal:restaurants","e":"restaurants.changed","d":null}');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "restaurants_list_changed_insert_delete" AFTER INSERT OR DELETE OR TRUNCATE ON "restaurants"
  FOR EACH STATEMENT EXECUTE FUNCTION "restaurants_notify_list_changed"();--> statement-breakpoint
CREATE TRIGGER "restaurants_list_changed_update" AFTER UPDATE OF
  "slug", "name", "description", "category", "address", "city", "country", "currency", "time_zone",
  "lat", "lng", "images"
  ON "restaurants"
  FOR EACH STATEMENT EXECUTE FUNCTION "restaurants_notify_list_changed"();
