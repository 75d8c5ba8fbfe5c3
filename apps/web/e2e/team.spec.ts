import { expect, test } from "@playwright/test";

test("the team page presents the four leaders, each with a described monogram portrait", async ({ page }) => {
  await page.goto("/team");
  await expect(page).toHaveTitle(/Our team/);
  const roles = ["Founder & Clinical Director", "President & Managing Partner", "Director of Research & Innovation", "Executive Director"];
  const members = page.getByRole("article");
  await expect(members).toHaveCount(4);
  for (const [index, role] of roles.entries()) {
    const member = members.nth(index);
    await expect(member).toContainText(role);
    const name = (await member.getByRole("heading", { level: 2 }).textContent()) ?? "";
    expect(name.length).toBeGreaterThan(3);
    await expect(member.getByRole("img", { name: `Monogram portrait of ${name}` })).toBeVisible();
  }
});
