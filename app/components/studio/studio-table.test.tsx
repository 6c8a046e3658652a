import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StudioTable } from "./studio-table.tsx";

describe("a studio table", () => {
  it("names each cell by its column, for a phone's cards, and leaves a column of buttons unnamed", () => {
    const rows = [
      { id: "p1", who: "amara@example.com", paid: true },
      { id: "p2", who: "robin@example.com", paid: false },
    ];
    render(
      <StudioTable caption="Payments" columns={["Member", "Status", { label: "Refund", hidden: true }]}>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>{row.who}</td>
            {row.paid ? <td>Paid</td> : <td>Refunded</td>}
            <td>{row.paid ? <button type="button">Refund</button> : null}</td>
          </tr>
        ))}
      </StudioTable>,
    );
    const table = screen.getByRole("table", { name: "Payments" });
    const cells = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => [cell.dataset.label ?? null, cell.textContent]),
      );
    expect(cells).toEqual([
      [
        ["Member", "amara@example.com"],
        ["Status", "Paid"],
        [null, "Refund"],
      ],
      [
        ["Member", "robin@example.com"],
        ["Status", "Refunded"],
        [null, ""],
      ],
    ]);
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Member", "Status", "Refund"]);
  });
});
