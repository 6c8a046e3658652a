/**
 * The product's colours for print (the PDF guides and the birth preferences PDF): the site's palette as hex.
 * Every text colour keeps at least 4.5:1 on the background it sits on.
 */
export const PRINT_PALETTE = {
  cream: "#fbf7f1",
  sand: "#f3ebdf",
  line: "#e3d7c8",
  ink: "#2b2238",
  inkSoft: "#5a4f66",
  plum: "#5b3f6e",
  lavender: "#c9bde3",
  lavenderSoft: "#eee8f6",
  sage: "#6f8f7a",
  sageDeep: "#3f5e4b",
  sageSoft: "#e4ece5",
  apricot: "#f6b48f",
  apricotSoft: "#fde9dc",
  white: "#ffffff",
} as const;
