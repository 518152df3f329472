import { describe, expect, it } from "vitest";
import { calendarDay } from "./calendar-day.ts";

describe("calendarDay", () => {
  it("reads a real YYYY-MM-DD day", () => {
    expect(calendarDay("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    expect(calendarDay("1900-01-01")).toEqual({ year: 1900, month: 1, day: 1 });
  });
  it("refuses days that do not exist and other spellings", () => {
    for (const text of [
      "2023-02-29",
      "2025-02-30",
      "2025-13-01",
      "2025-00-10",
      "2025-1-01",
      "01/31/2025",
      "",
      " 2025-01-01",
    ])
      expect(calendarDay(text), text).toBeNull();
  });
});
