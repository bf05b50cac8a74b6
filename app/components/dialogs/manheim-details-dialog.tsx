// The listing details dialog, manheimDetails (ADR 046): the photos (thumbnails and a large view opening the
// lightbox), vehicle facts, prices against MMR, location, seller, source, auction, comments, the listing's
// own page (http(s) only, in a new tab without an opener) and, when the VIN is one of the company's units,
// a link to that unit's hub. Read-only. Each thumbnail is a link to `&photo=n`, so without JavaScript the
// lightbox is a URL; with it the same links open the lightbox in place.
import { Badge, Box, Flex, Grid, Link as ThemeLink, Text } from "@radix-ui/themes";
import { type MouseEvent, type ReactNode, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import {
  formatDelta,
  formatDollars,
  LISTING_PHOTO_PARAM,
  listingDetailsHref,
  priceDelta,
  unitHubHref,
} from "~/rules/listings/listings-page.ts";
import { useHydrated } from "../app-dialog.tsx";
import type { BoardDialogProps } from "./dialog-kit.tsx";
import { Lightbox, StaticLightbox } from "./listing-lightbox.tsx";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex direction="column" asChild>
      <div>
        <Text as="div" size="1" color="gray">
          {label}
        </Text>
        <Text as="div" size="2">
          {children ?? "—"}
        </Text>
      </div>
    </Flex>
  );
}

export default function ManheimDetailsDialog({ data }: BoardDialogProps<"manheimDetails">) {
  const { listing, openPhoto } = data;
  const location = useLocation();
  const hydrated = useHydrated();
  const [shown, setShown] = useState<number | null>(openPhoto === null ? null : openPhoto - 1);
  const opener = useRef<HTMLElement | null>(null);
  const title = `${listing.year} ${listing.make} ${listing.model}${listing.trim ? ` ${listing.trim}` : ""}`;
  const photoHref = (index: number) => listingDetailsHref(location.pathname, location.search, listing.id, index + 1);
  const withoutPhoto = (() => {
    const params = new URLSearchParams(location.search);
    params.delete(LISTING_PHOTO_PARAM);
    return `${location.pathname}?${params.toString()}`;
  })();
  // A plain click opens the lightbox in place; a modified one (new tab, new window) follows the link.
  const openPhotoOf = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    opener.current = event.currentTarget;
    setShown(Number(event.currentTarget.dataset.photoIndex ?? "0"));
  };
  const delta = priceDelta(listing.buyNowPrice, listing.mmrPrice);
  const main = listing.photos[0];
  const location_ = [listing.locationCity, listing.pickupLocationState].filter(Boolean).join(", ");

  return (
    <Flex direction="column" gap="4" data-listing-id={listing.id}>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <Box>
          <Text as="div" size="4" weight="bold">
            {title}
          </Text>
          <Text as="div" size="2" color="gray">
            VIN {listing.vin}
          </Text>
        </Box>
        <Flex gap="3" align="center" wrap="wrap">
          {listing.unit ? (
            <ThemeLink asChild size="2">
              <Link to={unitHubHref(listing.unit.unitNumber)}>Our unit {listing.unit.unitNumber} in the unit hub</Link>
            </ThemeLink>
          ) : null}
          {listing.listingUrl ? (
            <ThemeLink size="2" href={listing.listingUrl} target="_blank" rel="noopener noreferrer">
              Open the listing page (new tab)
            </ThemeLink>
          ) : null}
        </Flex>
      </Flex>

      {main ? (
        <section aria-label="Photos">
          <a href={photoHref(0)} data-photo-index={0} onClick={openPhotoOf} aria-label={`Enlarge ${main.alt}`}>
            <img
              src={main.largeUrl}
              alt={main.alt}
              style={{ display: "block", width: "100%", maxHeight: 360, objectFit: "cover", borderRadius: 6 }}
            />
          </a>
          <Flex gap="2" mt="2" wrap="wrap" asChild>
            <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {listing.photos.map((photo, index) => (
                <li key={photo.largeUrl + index}>
                  <a
                    href={photoHref(index)}
                    data-photo-index={index}
                    onClick={openPhotoOf}
                    aria-label={`Enlarge ${photo.alt}`}
                  >
                    <img
                      src={photo.smallUrl}
                      alt={photo.alt}
                      width={96}
                      height={64}
                      style={{ objectFit: "cover", borderRadius: 4, display: "block" }}
                    />
                  </a>
                </li>
              ))}
            </ul>
          </Flex>
        </section>
      ) : (
        <Text size="2" color="gray">
          No photos.
        </Text>
      )}

      <Grid columns={{ initial: "2", sm: "4" }} gap="3" asChild>
        <section aria-label="Prices">
          <Fact label="Buy-now price">{formatDollars(listing.buyNowPrice)}</Fact>
          <Fact label="MMR">{formatDollars(listing.mmrPrice)}</Fact>
          <Fact label="Against MMR">
            {delta === null ? null : <Badge color={delta > 0 ? "orange" : "green"}>{formatDelta(delta)}</Badge>}
          </Fact>
          <Fact label="Source">{listing.source}</Fact>
        </section>
      </Grid>
      <Grid columns={{ initial: "2", sm: "4" }} gap="3" asChild>
        <section aria-label="Vehicle">
          <Fact label="Year">{listing.year}</Fact>
          <Fact label="Make">{listing.make}</Fact>
          <Fact label="Model">{listing.model}</Fact>
          <Fact label="Trim">{listing.trim}</Fact>
          <Fact label="Odometer">{`${listing.odometer.toLocaleString("en-US")} mi`}</Fact>
          <Fact label="Exterior color">{listing.exteriorColor}</Fact>
          <Fact label="Interior color">{listing.interiorColor}</Fact>
        </section>
      </Grid>
      <Grid columns={{ initial: "2", sm: "4" }} gap="3" asChild>
        <section aria-label="Location and seller">
          <Fact label="Location">{location_ || null}</Fact>
          <Fact label="ZIP">{listing.locationFullZipcode}</Fact>
          <Fact label="Pickup state">{listing.pickupLocationState}</Fact>
          <Fact label="Seller">{listing.sellerName}</Fact>
          <Fact label="Facilitating auction">{listing.facilitatingAuction}</Fact>
        </section>
      </Grid>
      <Fact label="Comments">
        {listing.comments ? <span style={{ whiteSpace: "pre-line" }}>{listing.comments}</span> : null}
      </Fact>

      {hydrated ? (
        <Lightbox
          photos={listing.photos}
          index={shown}
          title={title}
          onIndexChange={setShown}
          onClose={() => {
            setShown(null);
            // Back to the thumbnail that opened it (Radix returns focus only to its own triggers).
            requestAnimationFrame(() => opener.current?.focus());
          }}
        />
      ) : openPhoto !== null ? (
        <StaticLightbox
          photos={listing.photos}
          index={openPhoto - 1}
          title={title}
          photoHref={photoHref}
          closeHref={withoutPhoto}
        />
      ) : null}
    </Flex>
  );
}
