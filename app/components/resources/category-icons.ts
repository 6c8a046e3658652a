import {
  BookOpen,
  MessageCircleQuestion,
  Newspaper,
  PlayCircle,
  type IconComponent,
} from "#app/components/ui/icons.tsx";
import type { ResourceCategory } from "#app/modules/catalogue/resource-search.ts";

/** Each kind of resource's icon, on its cards and its filter chip. */
export const CATEGORY_ICONS: Record<ResourceCategory, IconComponent> = {
  guide: BookOpen,
  video: PlayCircle,
  faq: MessageCircleQuestion,
  article: Newspaper,
};
