-- Table clash rule (docs/product.md#table-clash): two active (not cancelled) reservations of the
-- same room and table never overlap in time. Ranges are half-open, so a reservation ending at 20:00
-- and the next one starting at 20:00 do not clash. btree_gist lets a GiST index compare uuids with
-- `=` (it is a trusted extension: the database owner may create it on managed PostgreSQL).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_table_no_overlap"
  EXCLUDE USING gist (
    "room_id" WITH =,
    "table_id" WITH =,
    tstzrange("starts_at", "ends_at", '[)') WITH &&
  ) WHERE ("status" <> 'cancelled' AND "table_id" IS NOT NULL);
