-- The portal's tables moved to the portal's own migrations (server/portal/db/migrations), which create the "portal" schema;
-- the loyalty service's migrations create and change the "loyalty" schema only.
SELECT 1;
