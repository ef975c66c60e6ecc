-- Migration 0005 announced any change of the restaurants without saying which: every instance then
-- dropped its nearby index AND every restaurant's list item, and read 100,000 items again (seconds
-- of database work, with slower nearest-first lists meanwhile) because one owner renamed their
-- restaurant. The announcement now names the rows (up to 40: a payload of ids stays under the
-- app's 2,000-byte live events) and says whether what the index holds (position, category) or
-- the set of restaurants changed: instances drop those items only, and build the index again only
-- when it changed. Larger statements (imports, seeds) and TRUNCATE still say null: everything.
-- Statement triggers with transition tables (one NOTIFY per statement, as before); PostgreSQL
-- refuses transition tables with an UPDATE OF column list, so the update trigger compares the
-- columns a list shows itself and stays silent when none changed (e.g. the diet flags of 0004).
CREATE FUNCTION "restaurants_notify_list_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
  index_changed boolean;
  data jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("id"), true INTO changed, index_changed FROM (SELECT "id" FROM new_rows LIMIT 41) n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("id"), true INTO changed, index_changed FROM (SELECT "id" FROM old_rows LIMIT 41) o;
  ELSE
    SELECT array_agg(n."id"),
           coalesce(bool_or((n."lat", n."lng", n."category") IS DISTINCT FROM (o."lat", o."lng", o."category")), false)
           -- a changed id is a delete and an insert
           OR (SELECT count(*) FROM new_rows) <> (SELECT count(*) FROM new_rows JOIN old_rows USING ("id"))
      INTO changed, index_changed
      FROM new_rows n JOIN old_rows o USING ("id")
      WHERE (n."slug", n."name", n."description", n."category", n."address", n."city", n."country",
             n."currency", n."time_zone", n."lat", n."lng", n."images")
        IS DISTINCT FROM (o."slug", o."name", o."description", o."category", o."address", o."city",
             o."country", o."currency", o."time_zone", o."lat", o."lng", o."images");
    IF index_changed AND changed IS NULL THEN
      changed := '{}';
    END IF;
  END IF;
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  data := CASE WHEN cardinality(changed) > 40 THEN 'null'::jsonb
               ELSE jsonb_build_object('restaurantIds', to_jsonb(changed), 'index', index_changed) END;
  PERFORM pg_notify('comensal_live',
    jsonb_build_object('c', 'internal:restaurants', 'e', 'restaurants.changed', 'd', data)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "restaurants_list_changed_insert_delete" ON "restaurants";--> statement-breakpoint
DROP TRIGGER "restaurants_list_changed_update" ON "restaurants";--> statement-breakpoint
CREATE TRIGGER "restaurants_list_rows_inserted" AFTER INSERT ON "restaurants"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "restaurants_notify_list_rows_changed"();--> statement-breakpoint
CREATE TRIGGER "restaurants_list_rows_deleted" AFTER DELETE ON "restaurants"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "restaurants_notify_list_rows_changed"();--> statement-breakpoint
CREATE TRIGGER "restaurants_list_rows_updated" AFTER UPDATE ON "restaurants"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "restaurants_notify_list_rows_changed"();--> statement-breakpoint
CREATE TRIGGER "restaurants_list_changed_truncate" AFTER TRUNCATE ON "restaurants"
  FOR EACH STATEMENT EXECUTE FUNCTION "restaurants_notify_list_changed"();
