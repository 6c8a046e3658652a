import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "#app/components/ui/toaster.tsx";
import { useHashError } from "./use-hash-error.ts";

vi.mock("#app/components/ui/toaster.tsx", () => ({ toast: { error: vi.fn() } }));

afterEach(() => {
  window.location.hash = "";
  vi.mocked(toast.error).mockClear();
});

describe("useHashError", () => {
  it("is null, and shows nothing, when the fragment carries no error", () => {
    window.location.hash = "#section";
    const { result } = renderHook(() => useHashError());
    expect(result.current).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("reads the provider's description first, then its code, then the error, and toasts it", () => {
    window.location.hash = "#error=access_denied&error_code=E1&error_description=Cancelled";
    expect(renderHook(() => useHashError()).result.current).toBe("Authentication failed: Cancelled");
    window.location.hash = "#error=access_denied&error_code=E1";
    expect(renderHook(() => useHashError()).result.current).toBe("Authentication failed: E1");
    window.location.hash = "#error=access_denied";
    expect(renderHook(() => useHashError()).result.current).toBe("Authentication failed: access_denied");
    expect(toast.error).toHaveBeenLastCalledWith("Authentication failed: access_denied");
  });

  it("follows the fragment as it changes", () => {
    const { result } = renderHook(() => useHashError());
    expect(result.current).toBeNull();
    act(() => {
      window.location.hash = "#error=server_error";
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    });
    expect(result.current).toBe("Authentication failed: server_error");
  });
});
