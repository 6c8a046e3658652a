import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "#app/components/ui/toaster.tsx";
import { paymentMessages as m } from "#app/modules/payments/messages.ts";
import { capturePayPalOrder, startPayPalOrder, verifyCardPayment } from "./api.ts";
import { GIFT_PAID, useGiftPurpose } from "./gift-purpose.ts";

export type Notice = { tone: "error" | "info" | "success"; text: string };

/**
 * Success: the fixed toast (docs/glossary.md), then the dashboard two seconds later; for a gift, her
 * thanks, then her gifts page.
 */
function useWelcomeToPremium() {
  const navigate = useNavigate();
  const gift = useGiftPurpose();
  return () => {
    toast.success(gift ? GIFT_PAID : m.welcome);
    window.setTimeout(() => navigate(gift ? "/portal/gifts" : "/portal"), 2000);
  };
}

/**
 * A card payment after its intent exists: the provider confirms it (Stripe.js,
 * or the demo's stand-in), then our server checks it with Stripe itself and
 * only then unlocks the course.
 */
export function useCardPayment(paymentIntentId: string) {
  const welcome = useWelcomeToPremium();
  const [processing, setProcessing] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const fail = (text: string) => {
    setProcessing(false);
    setNotice({ tone: "error", text });
    toast.error(text);
  };

  /** `confirm` resolves to the provider's refusal, if any. */
  const pay = async (confirm: () => Promise<string | undefined>) => {
    setProcessing(true);
    setNotice(null);
    let refusal: string | undefined;
    try {
      refusal = await confirm();
    } catch {
      return fail(m.errored);
    }
    if (refusal !== undefined) return fail(refusal || m.failed);
    try {
      const verified = await verifyCardPayment(paymentIntentId);
      if (verified.premium) {
        // The button stays disabled: there is nothing left to pay.
        setNotice({ tone: "success", text: m.succeeded });
        return welcome();
      }
      setProcessing(false);
      setNotice({ tone: "info", text: m.cardProcessing });
    } catch {
      fail(m.verificationFailed);
    }
  };

  return { processing, notice, pay };
}

/** A PayPal payment: our server creates the order and captures it once the buyer approves. */
export function usePayPalPayment(email: string, code: string | null) {
  const welcome = useWelcomeToPremium();
  const gift = useGiftPurpose();
  const [processing, setProcessing] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const refusedByServer = useRef(false);

  const createOrder = async () => {
    setNotice(null);
    refusedByServer.current = false;
    try {
      return (await startPayPalOrder(email, code, gift)).id;
    } catch (failure) {
      refusedByServer.current = true;
      setNotice({ tone: "error", text: (failure as Error).message });
      toast.error(m.initFailed);
      throw failure;
    }
  };

  const capture = async (orderID: string) => {
    setProcessing(true);
    try {
      const result = await capturePayPalOrder(orderID);
      if (result.status === "COMPLETED") {
        setNotice({ tone: "success", text: m.succeeded });
        return welcome();
      }
      setNotice({ tone: "info", text: result.message ?? m.paypalPending });
    } catch (failure) {
      setNotice({ tone: "error", text: (failure as Error).message || m.paypalFailed });
      toast.error(m.paypalFailed);
    }
    setProcessing(false);
  };

  const failed = () => {
    setProcessing(false);
    // PayPal reports our server's refusal to create the order as an error too: keep the server's words.
    if (refusedByServer.current) {
      refusedByServer.current = false;
      return;
    }
    setNotice({ tone: "error", text: m.paypalFailed });
    toast.error(m.paypalFailed);
  };
  const cancelled = () => setNotice({ tone: "info", text: m.paypalCancelled });

  return { processing, setProcessing, notice, createOrder, capture, failed, cancelled };
}
