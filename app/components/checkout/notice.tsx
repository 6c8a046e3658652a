import { Alert } from "#app/components/ui/alert.tsx";
import type { Notice } from "./use-payment.ts";

export function PaymentNotice({ notice }: { notice: Notice | null }) {
  return notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null;
}
