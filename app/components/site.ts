/** The product's name as the interface shows it. */
export const SITE_NAME = "Naija Directory";
