// The listings as cards (ADR 046): the main photo, year, make, model, trim, odometer, buy-now price, MMR and
// the difference, location and source; each card's title opens the listing's details dialog.
import { Badge, Box, Card, Flex, Grid, Link as ThemeLink, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { prefetchDialogProps } from "~/components/dialogs/manheim-listings-dialogs.tsx";
import { formatDelta, formatDollars, listingDetailsHref, type ListingCard } from "~/rules/listings/listings-page.ts";

export function ListingCards({
  listings,
  pathname,
  search,
}: {
  listings: ListingCard[];
  pathname: string;
  search: URLSearchParams;
}) {
  if (listings.length === 0) {
    return (
      <Text as="p" size="2" color="gray" role="status">
        No listings match these filters.
      </Text>
    );
  }
  return (
    <Grid columns={{ initial: "1", sm: "2", md: "3", lg: "4" }} gap="3" asChild>
      <ul aria-label="Listings" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {listings.map((listing) => {
          const href = listingDetailsHref(pathname, search, listing.id);
          return (
            <li key={listing.id} data-listing-id={listing.id}>
              <Card style={{ height: "100%" }}>
                <Flex direction="column" gap="2">
                  {listing.photoUrl ? (
                    <img
                      src={listing.photoUrl}
                      alt={listing.photoAlt}
                      loading="lazy"
                      width={320}
                      height={200}
                      style={{ width: "100%", height: 160, objectFit: "cover", borderRadius: 4 }}
                    />
                  ) : (
                    <Box style={{ height: 160, background: "var(--gray-a3)", borderRadius: 4 }} aria-hidden />
                  )}
                  <ThemeLink asChild weight="bold">
                    <Link to={href} preventScrollReset {...prefetchDialogProps}>
                      {listing.year} {listing.make} {listing.model}
                      {listing.trim ? ` ${listing.trim}` : ""}
                    </Link>
                  </ThemeLink>
                  <Text size="1" color="gray">
                    VIN {listing.vin} · {listing.odometer.toLocaleString("en-US")} mi
                  </Text>
                  <Flex gap="3" wrap="wrap">
                    <Text size="2">
                      Buy now <strong>{formatDollars(listing.buyNowPrice)}</strong>
                    </Text>
                    <Text size="2">MMR {formatDollars(listing.mmrPrice)}</Text>
                  </Flex>
                  {listing.delta !== null ? (
                    <Badge color={listing.delta > 0 ? "orange" : "green"} style={{ alignSelf: "start" }}>
                      {formatDelta(listing.delta)}
                    </Badge>
                  ) : null}
                  <Text size="1" color="gray">
                    {[listing.locationCity, listing.pickupLocationState].filter(Boolean).join(", ") ||
                      "Location unknown"}
                    {listing.source ? ` · ${listing.source}` : ""}
                    {listing.unitNumber ? ` · our unit ${listing.unitNumber}` : ""}
                  </Text>
                </Flex>
              </Card>
            </li>
          );
        })}
      </ul>
    </Grid>
  );
}
