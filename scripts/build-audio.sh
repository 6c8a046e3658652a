#!/usr/bin/env bash
# Regenerates the demo recordings content/audio/<id>.mp3 from the spoken scripts in
# content/audio-scripts/<id>.txt: a synthetic voice (espeak-ng) over a soft, wave-like
# background (sox), encoded as small mono MP3s (lame) with ID3 tags. Beside each, its
# captions content/audio/<id>.vtt: one cue per sentence, timed from the very segments
# the recording is joined from.
#
# The MP3s and captions are committed, so this only needs to run when a script changes.
#   bash scripts/build-audio.sh              # every recording
#   bash scripts/build-audio.sh fear-release # only the ids given
#
# Script format: plain text, spoken as written, a sentence at a time (each ends with
# . ? or !). A line containing only [pause N] inserts N seconds of silence (decimals
# allowed). Blank lines are ignored.
set -euo pipefail
cd "$(dirname "$0")/.."

# --- Tools -------------------------------------------------------------------------
# lame does the MP3 encoding (it gives constant bitrate and ID3 tags directly), so
# sox needs no MP3 plug-in here.
missing=()
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
command -v sox >/dev/null 2>&1 || missing+=(sox)
command -v lame >/dev/null 2>&1 || missing+=(lame)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "build-audio needs: ${missing[*]}" >&2
  echo "On Debian or Ubuntu install them with:  sudo apt-get install ${missing[*]}" >&2
  exit 1
fi

# --- Recordings: id|title (titles as in content/README.md, Audio table) --------------
TRACKS=(
  "preview|Course preview (landing page)"
  "affirmations-purpose|Affirmations One"
  "affirmations-2|Affirmations Two"
  "pregnancy-relaxation|Pregnancy Relaxation and Wellbeing"
  "prepare-for-birth|Prepare for Birth"
  "fear-release|Fear Release"
  "breathing-bonding|Breathing & Bonding"
  "practice-contractions|Practice Contractions"
  "positive-caesarean|Positive Caesarean Birth"
  "adjusting-to-parenthood|Adjusting to Parenthood"
  "partner-holding-the-space|Holding the Space"
  "partner-your-calm-voice|Your Calm Voice"
  "partner-through-the-waves|Through the Waves"
)

# --- Voice -------------------------------------------------------------------------
# British English with the soft "female2" variant (a little breath noise takes the
# edge off the buzzy synthetic tone). Rate 140 wpm (default 175) with a 20 ms gap
# between words comes out at about 130 words a minute: unhurried but still natural.
# Pitch 40 (default 50) sounds lower and warmer without going gruff.
VOICE="en-gb+f2"
RATE=140
PITCH=40
WORD_GAP=2

RATE_HZ=22050   # espeak-ng's native rate; also the MP3's, so nothing is resampled
LEAD_IN=3       # seconds of background before the voice starts
TAIL=6          # seconds of background after it ends
FADE_IN=3
FADE_OUT=5

SCRIPTS=content/audio-scripts
OUT=content/audio
mkdir -p "$OUT"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# Every sox call uses -R so noise and dither come out the same on every run.
sox_() { sox -R "$@"; }

# A script becomes numbered segments (seg-0001.wav, seg-0002.wav, ...), speech or
# silence, joined in order afterwards. Each sentence is its own segment, so its place
# in the recording is known exactly: cues.txt keeps "segment|sentence" for the captions.
seg=0
add_speech() {
  seg=$((seg + 1))
  printf '%s' "$1" >"$tmp/text.txt"
  espeak-ng -v "$VOICE" -s "$RATE" -p "$PITCH" -g "$WORD_GAP" \
    -f "$tmp/text.txt" -w "$tmp/seg-$(printf '%04d' "$seg").wav"
  printf '%d|%s\n' "$seg" "$1" >>"$tmp/cues.txt"
}
add_silence() {
  seg=$((seg + 1))
  sox_ -n -r "$RATE_HZ" -c 1 -b 16 "$tmp/seg-$(printf '%04d' "$seg").wav" trim 0 "$1"
}

# Turns one script into voice.wav (and cues.txt).
speak_script() {
  local script="$1" line sentence
  rm -f "$tmp"/seg-*.wav "$tmp/cues.txt"
  seg=0

  while IFS= read -r line || [ -n "$line" ]; do
    line="${line%$'\r'}"
    if [[ "$line" =~ ^\[pause\ ([0-9]+(\.[0-9]+)?)\]$ ]]; then
      add_silence "${BASH_REMATCH[1]}"
    elif [[ "$line" == \[* ]]; then
      # A typo in a marker would otherwise be read out loud.
      echo "$script: unknown marker: $line (expected [pause N])" >&2
      exit 1
    elif [ -n "${line//[[:space:]]/}" ]; then
      # One sentence per segment: split after . ? or ! (and a closing quote) followed by a space.
      while IFS= read -r sentence; do
        if [ -n "${sentence//[[:space:]]/}" ]; then add_speech "$sentence"; fi
      done < <(printf '%s\n' "$line" | sed -E "s/([.?!][\"'’”)]?) +/\\1\\n/g")
    fi
  done <"$script"

  # Join the segments, then shape the voice: trim rumble and the harsh top end, add a
  # small room so it sounds less dry, and leave space for the background at each end.
  sox_ "$tmp"/seg-*.wav "$tmp/voice.wav" \
    gain -6 highpass 90 lowpass 7000 \
    pad "$LEAD_IN" "$TAIL" \
    reverb 30 60 40 100 10 -4 \
    norm -1
}

# Makes background.wav, as long as the voice: brown noise, low-passed and slowly
# swelling (one swell about every 9 s) like distant waves, plus a very quiet low pad
# (A2 and E3, a fifth apart) that breathes even more slowly.
make_background() {
  local seconds="$1"
  sox_ -n -r "$RATE_HZ" -c 1 -b 16 "$tmp/waves.wav" \
    synth "$seconds" brownnoise lowpass 500 lowpass 500 tremolo 0.11 70 norm -1
  sox_ -n -r "$RATE_HZ" -c 1 -b 16 "$tmp/pad.wav" \
    synth "$seconds" sine 110 synth "$seconds" sine mix 164.81 tremolo 0.05 40 norm -1
  # Waves about 27 dB and the pad about 35 dB under the voice's peak (10-20 dB under
  # its speaking level): heard in the pauses, never competing with the words.
  sox_ -m -v 0.045 "$tmp/waves.wav" -v 0.018 "$tmp/pad.wav" "$tmp/background.wav"
}

# Seconds as a WebVTT timestamp (hh:mm:ss.ttt).
timestamp() {
  awk -v s="$1" 'BEGIN { ms = int(s * 1000 + 0.5);
    printf "%02d:%02d:%02d.%03d", ms / 3600000, (ms / 60000) % 60, (ms / 1000) % 60, ms % 1000 }'
}

# Writes the captions: each sentence's cue runs from where its segment begins in the
# recording (after the lead-in) for as long as the segment lasts.
write_captions() {
  local vtt="$1" title="$2" id="$3" offset="$LEAD_IN" n=0 file seconds
  declare -A said=()
  local entry
  while IFS= read -r entry; do said[${entry%%|*}]="${entry#*|}"; done <"$tmp/cues.txt"
  {
    printf 'WEBVTT - %s\n\n' "$title"
    printf 'NOTE Made by scripts/build-audio.sh from content/audio-scripts/%s.txt\n\n' "$id"
    for file in "$tmp"/seg-*.wav; do
      n=$((n + 1))
      seconds="$(soxi -D "$file")"
      if [ -n "${said[$n]:-}" ]; then
        printf '%s --> %s\n%s\n\n' "$(timestamp "$offset")" \
          "$(timestamp "$(awk -v a="$offset" -v b="$seconds" 'BEGIN { print a + b }')")" "${said[$n]}"
      fi
      offset="$(awk -v a="$offset" -v b="$seconds" 'BEGIN { print a + b }')"
    done
  } >"$vtt"
}

build_one() {
  local id="$1" title="$2"
  local script="$SCRIPTS/$id.txt" mp3="$OUT/$id.mp3" vtt="$OUT/$id.vtt"
  if [ ! -f "$script" ]; then
    echo "Missing script: $script" >&2
    exit 1
  fi

  speak_script "$script"
  write_captions "$vtt" "$title" "$id"
  make_background "$(soxi -D "$tmp/voice.wav")"

  # Mix, fade in and out, and normalise to -1 dBFS peak.
  sox_ -m -v 1 "$tmp/voice.wav" -v 1 "$tmp/background.wav" "$tmp/mix.wav" \
    fade q "$FADE_IN" -0 "$FADE_OUT" norm -1

  # Mono MP3, 22.05 kHz, 48 kbps constant bitrate: clear enough for speech, and small.
  lame --quiet -m m -b 48 --cbr -q 2 --resample 22.05 \
    --id3v2-only --tt "$title" --ta "Tidewell" --tl "Tidewell demo recordings" \
    "$tmp/mix.wav" "$mp3"

  local seconds
  seconds="$(soxi -D "$tmp/mix.wav")"
  printf '%-28s %2d:%02d  %4d KB\n' "$id.mp3" "$((${seconds%.*} / 60))" "$((${seconds%.*} % 60))" \
    "$(($(stat -c %s "$mp3") / 1024))"
}

# --- Build -------------------------------------------------------------------------
for track in "${TRACKS[@]}"; do
  id="${track%%|*}"
  if [ "$#" -gt 0 ] && [[ " $* " != *" $id "* ]]; then
    continue
  fi
  build_one "$id" "${track#*|}"
done

total_kb=$(($(cat "$OUT"/*.mp3 | wc -c) / 1024))
echo "Total size of $OUT/*.mp3: $total_kb KB"
