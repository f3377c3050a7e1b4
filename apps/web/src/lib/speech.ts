/** Reads an English word aloud with the browser's speech synthesis (an en-US or en-GB voice). */
export function speakEnglish(text: string): boolean {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return false;
  const synth = window.speechSynthesis;
  const voices = synth.getVoices();
  const voice =
    voices.find((candidate) => candidate.lang === 'en-US') ?? voices.find((candidate) => candidate.lang === 'en-GB');
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = voice?.lang ?? 'en-US';
  if (voice) utterance.voice = voice;
  utterance.rate = 0.9;
  synth.cancel();
  synth.speak(utterance);
  return true;
}
