import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Nothing is merged: a component's own classes and a
 * caller's never set the same property (a variant or a ternary picks one).
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
