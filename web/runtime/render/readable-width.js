// How far a hand-drawn picture may shrink to fit its column: to four fifths of its natural size, which keeps
// its 13 px labels at 10 px or more and a key's two-digit value inside its column of the robot's strip.
// A picture wider than that scrolls sideways in its own box (.strip-scroll, marked by demo-view.js).
const SMALLEST_SCALE = 0.8;

/** The CSS min-width of a picture `width` px wide at its natural size. */
export const smallestWidth = (width) => `${Math.round(width * SMALLEST_SCALE)}px`;
