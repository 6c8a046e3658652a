import type { ComponentType, CSSProperties } from "react";
import spriteUrl from "./icons.svg?url&no-inline";

/**
 * The product's icons (Lucide's drawings), each a `<use>` of one symbol in a
 * single cached sprite, not an inline tree of paths: a page carries a few
 * bytes per icon and the server builds two elements, not a dozen. The sprite
 * (icons.svg) is made from this list by `npm run icons`; a test keeps the two
 * in step.
 */
interface IconProps {
  className?: string;
  style?: CSSProperties;
  "aria-hidden"?: boolean | "true" | "false";
}

export type IconComponent = ComponentType<IconProps>;

function icon(name: string): IconComponent {
  // Lucide's stroke and size come from the `icon` class (app.css), not repeated on every icon.
  function SpriteIcon({ className, style, "aria-hidden": ariaHidden = true }: IconProps) {
    return (
      <svg
        className={className ? `icon ${className}` : "icon"}
        style={style}
        aria-hidden={ariaHidden}
        focusable="false"
      >
        <use href={`${spriteUrl}#${name}`} />
      </svg>
    );
  }
  SpriteIcon.displayName = `Icon(${name})`;
  return SpriteIcon;
}

export const ArrowLeft = icon("arrow-left");
export const ArrowRight = icon("arrow-right");
export const Award = icon("award");
export const Baby = icon("baby");
export const BookMarked = icon("book-bookmark");
export const BookOpen = icon("book-open");
export const Brain = icon("brain");
export const CalendarDays = icon("calendar-days");
export const CalendarHeart = icon("calendar-heart");
export const Check = icon("check");
export const ChevronDown = icon("chevron-down");
export const CircleAlert = icon("circle-exclamation-point");
export const CircleCheck = icon("circle-check");
export const Clock = icon("clock");
export const CreditCard = icon("credit-card");
export const Download = icon("download");
export const ExternalLink = icon("external-link");
export const FileText = icon("file-text");
export const Flame = icon("flame");
export const FlaskConical = icon("flask-conical");
export const Globe = icon("globe");
export const Headphones = icon("headphones");
export const Heart = icon("heart");
export const HeartHandshake = icon("heart-handshake");
export const Home = icon("house");
export const Info = icon("info");
export const LayoutDashboard = icon("layout-dashboard");
export const Leaf = icon("leaf");
export const Lightbulb = icon("lightbulb");
export const Loader2 = icon("loader-circle");
export const Lock = icon("lock");
export const LockKeyhole = icon("lock-keyhole");
export const LogIn = icon("log-in");
export const LogOut = icon("log-out");
export const Luggage = icon("luggage");
export const Mail = icon("mail");
export const Menu = icon("menu");
export const MessageCircleQuestion = icon("message-circle-question-mark");
export const Mic = icon("mic");
export const Moon = icon("moon");
export const Newspaper = icon("newspaper");
export const Pause = icon("pause");
export const Pencil = icon("pencil");
export const Play = icon("play");
export const PlayCircle = icon("circle-play");
export const Quote = icon("quote");
export const Receipt = icon("receipt");
export const RotateCcw = icon("rotate-ccw");
export const Scale = icon("scale");
export const Search = icon("search");
export const SearchX = icon("search-x");
export const Share2 = icon("share-2");
export const ShieldCheck = icon("shield-check");
export const SkipBack = icon("skip-back");
export const SkipForward = icon("skip-forward");
export const Snowflake = icon("snowflake");
export const Sparkles = icon("sparkles");
export const Star = icon("star");
export const Stethoscope = icon("stethoscope");
export const Trash2 = icon("trash");
export const Trophy = icon("trophy");
export const User = icon("user");
export const Users = icon("users");
export const Volume2 = icon("volume-2");
export const VolumeX = icon("volume-x");
export const Waves = icon("waves-horizontal");
export const X = icon("x");
export const Zap = icon("zap");
