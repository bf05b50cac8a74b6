// The padlock drawn beside what cannot be changed: a carrier-assigned unit, a permission outside the
// editor's reach. Decorative (aria-hidden): the text beside it says why.
export function LockIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 15 15" aria-hidden="true" focusable="false" style={{ flex: "none" }}>
      <path
        fill="currentColor"
        d="M5 4.64V6h5V4.64C10 3.21 8.88 2 7.5 2S5 3.21 5 4.64ZM4 6V4.64C4 2.72 5.53 1 7.5 1S11 2.72 11 4.64V6h.5A1.5 1.5 0 0 1 13 7.5v5a1.5 1.5 0 0 1-1.5 1.5h-8A1.5 1.5 0 0 1 2 12.5v-5A1.5 1.5 0 0 1 3.5 6H4Z"
      />
    </svg>
  );
}
