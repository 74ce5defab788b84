import { Playground } from '@/components/playground/playground';
import { PRESETS } from '@/lib/presets';

export default function HomePage() {
  return <Playground presets={PRESETS} />;
}
