// The Previous / Page n of m / Next links under a paged list (employees, vendors, credit memos, reports):
// plain links to the list's own URL with another page, so paging works without JavaScript.
import { Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import { Link } from "react-router";

export function Pager({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <Flex gap="3" align="center" asChild>
      <nav aria-label="Pages">
        {page > 1 ? (
          <RadixLink asChild>
            <Link to={href(page - 1)}>Previous</Link>
          </RadixLink>
        ) : null}
        <Text size="2">
          Page {page} of {pageCount}
        </Text>
        {page < pageCount ? (
          <RadixLink asChild>
            <Link to={href(page + 1)}>Next</Link>
          </RadixLink>
        ) : null}
      </nav>
    </Flex>
  );
}
