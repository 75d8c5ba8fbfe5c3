import { expect, it } from "vitest";
import { insertUser, type NewUser } from "../src/index";
import { preparedQuery, preparedQueryByShape } from "../src/prepared-query";
import { describeEachDatabase, testUser } from "../src/testing/index";

describeEachDatabase("preparedQuery", (database) => {
  it("answers each run for its own values, though built once", async () => {
    const { db } = database();
    await insertUser(db, testUser("prepared-a", "doctor"));
    await insertUser(db, testUser("prepared-b", "patient"));
    const byRole = preparedQuery((qb, params: { role: NewUser["role"]; prefix: string }) =>
      qb.selectFrom("users").select("username").where("role", "=", params.role).where("username", "like", params.prefix).orderBy("username"),
    );
    expect(await byRole.execute(db, { role: "doctor", prefix: "prepared-%" })).toEqual([{ username: "prepared-a" }]);
    expect(await byRole.execute(db, { role: "patient", prefix: "prepared-%" })).toEqual([{ username: "prepared-b" }]);
    expect(await byRole.executeTakeFirst(db, { role: "admin", prefix: "prepared-%" })).toBeUndefined();
  });

  it("refuses a value that steers how the query is built, which would be frozen into it", async () => {
    const { db } = database();
    const steered = preparedQuery((qb, params: { newestFirst: boolean }) =>
      qb.selectFrom("users").select("id").orderBy("id", params.newestFirst ? "desc" : "asc"),
    );
    await expect(steered.execute(db, { newestFirst: false })).rejects.toThrow(/newestFirst must each be a single value/);
  });

  it("gives its SQL for values by position only when they are given in that order", () => {
    const { db } = database();
    const inOrder = preparedQuery((qb, values: unknown[]) => qb.selectFrom("users").select("id").where("id", ">", values[0] as number).limit(values[1] as number));
    expect(inOrder.positionalSql(db)).toMatch(/limit/i);
    const swapped = preparedQuery((qb, values: unknown[]) => qb.selectFrom("users").select("id").where("id", ">", values[1] as number).limit(values[0] as number));
    expect(() => swapped.positionalSql(db)).toThrow(/not given by position/);
  });

  it("builds one query per shape of optional filters, each answering for its own values", async () => {
    const { db } = database();
    await insertUser(db, testUser("shaped-a", "doctor"));
    await insertUser(db, testUser("shaped-b", "patient"));
    await insertUser(db, testUser("shaped-c", "admin"));
    let builds = 0;
    const byRoles = preparedQueryByShape((shape: { roles: number }) => {
      builds += 1;
      return (qb, params: Record<`role${number}`, NewUser["role"]> & { prefix: string }) => {
        let query = qb.selectFrom("users").select("username").where("username", "like", params.prefix);
        if (shape.roles > 0) query = query.where("role", "in", Array.from({ length: shape.roles }, (_, index) => params[`role${index}`]!));
        return query.orderBy("username");
      };
    });
    const names = async (roles: NewUser["role"][]) =>
      (await byRoles({ roles: roles.length }).execute(db, Object.assign({ prefix: "shaped-%" }, ...roles.map((role, index) => ({ [`role${index}`]: role }))))).map((row) => row.username);
    expect(await names([])).toEqual(["shaped-a", "shaped-b", "shaped-c"]);
    expect(await names(["doctor"])).toEqual(["shaped-a"]);
    expect(await names(["admin"])).toEqual(["shaped-c"]);
    expect(await names(["patient", "admin"])).toEqual(["shaped-b", "shaped-c"]);
    expect(builds).toBe(3);
  });
});
