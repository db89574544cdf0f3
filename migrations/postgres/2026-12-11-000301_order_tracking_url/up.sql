-- The carrier's tracking page for the parcel, as the shop profile's carrier list built it when
-- the order shipped (kept, like everything an order shows, even if the profile changes later).
ALTER TABLE orders ADD COLUMN tracking_url TEXT;
