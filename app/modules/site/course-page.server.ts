import { formatDuration, formatPages } from "#app/modules/catalogue/format.ts";
import { GUIDES, type Guide } from "#app/modules/catalogue/guides.ts";
import { courseGroups, type CourseGroup, type Track } from "#app/modules/catalogue/tracks.ts";
import type { MediaFacts } from "#app/modules/media/facts.server.ts";
import { formatPrice, type Price } from "#app/modules/payments/price.ts";
import { structuredOffer } from "./course-structured-data.ts";

/** A group of sessions as the course page lists it: each with its length, read from the recording. */
export interface CoursePageGroup extends CourseGroup {
  tracks: (Pick<Track, "id" | "title" | "description"> & { duration: string | null })[];
}

/** A guide as the course page lists it: its page count is read from the PDF. */
export interface CoursePageGuide extends Pick<Guide, "id" | "title" | "isFree"> {
  pages: string | null;
}

/** What the course page shows: its sessions and guides, and the price in words and for search engines. */
export async function coursePage(
  price: Price,
  mediaFacts: Pick<MediaFacts, "audioDuration" | "pdfPageCount">,
  partnerCourseLaunched: boolean,
) {
  const groups = await Promise.all(
    courseGroups(partnerCourseLaunched).map(async (group): Promise<CoursePageGroup> => ({
      ...group,
      tracks: await Promise.all(
        group.tracks.map(async (track) => ({
          id: track.id,
          title: track.title,
          description: track.description,
          duration: formatDuration(await mediaFacts.audioDuration(track.audioFile)),
        })),
      ),
    })),
  );
  const guides = await Promise.all(
    GUIDES.map(async (guide): Promise<CoursePageGuide> => ({
      id: guide.id,
      title: guide.title,
      isFree: guide.isFree,
      pages: formatPages(await mediaFacts.pdfPageCount(guide.filename)),
    })),
  );
  return { groups, guides, price: formatPrice(price), offer: structuredOffer(price) };
}
