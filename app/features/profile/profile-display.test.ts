import { describe, expect, it } from "vitest";
import { PROFILE_TEXTS, locationLabel, profileDisplayName, roleLabel } from "./profile-display";

describe("profile display", () => {
  it("names the user: first and last, else first, else last, else 'User Profile'", () => {
    expect(profileDisplayName({ firstName: "Amaka", lastName: "Obi" })).toBe("Amaka Obi");
    expect(profileDisplayName({ firstName: " Amaka ", lastName: "  " })).toBe("Amaka");
    expect(profileDisplayName({ firstName: null, lastName: "Obi" })).toBe("Obi");
    expect(profileDisplayName({ firstName: "", lastName: null })).toBe("User Profile");
    expect(profileDisplayName(null)).toBe(PROFILE_TEXTS.fallbackName);
  });

  it("shows the location with Nigeria as the default country", () => {
    expect(locationLabel({ country: null, state: null })).toBe("Nigeria");
    expect(locationLabel({ country: "", state: "Lagos" })).toBe("Lagos, Nigeria");
    expect(locationLabel({ country: "Ghana", state: "Other" })).toBe("Ghana");
  });

  it("labels the account type; the legacy role 'user' reads as visitor", () => {
    expect(roleLabel("visitor")).toBe("Visitor");
    expect(roleLabel("business")).toBe("Business Owner");
    expect(roleLabel("admin")).toBe("Admin");
    expect(roleLabel("user")).toBe("Visitor");
  });

  it("keeps the spec's texts", () => {
    expect(PROFILE_TEXTS.signInRequired).toBe("Please log in to view your profile");
    expect(PROFILE_TEXTS.logoutFailed).toEqual({ title: "Logout failed", text: "There was an error logging out. Please try again." });
    expect(PROFILE_TEXTS.loggedOut).toBe("Logged out successfully");
    expect(PROFILE_TEXTS.goToAdmin).toBe("Go to Admin Panel");
    expect(PROFILE_TEXTS.adminAccess).toBe("Admin Access");
    expect(PROFILE_TEXTS.verified).toBe("Verified");
  });
});
