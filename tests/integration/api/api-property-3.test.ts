// The whole-API property suite (tests/support/api-property.ts), part 3 of 3: every third endpoint of
// the catalogue, so the three parts run in parallel workers.
import { describeApiPropertyPart } from "../../support/api-property-part.ts";

describeApiPropertyPart(2, 3);
