import { Playground } from '@/components/playground';
import { PRESETS } from '@/lib/presets';

type HomePageProps = { searchParams: Promise<{ fork?: string | string[] }> };

/** The playground; `/?fork=<id>` opens an editable copy of a shared session. */
export default async function HomePage({ searchParams }: HomePageProps) {
  const { fork } = await searchParams;
  const forkId = typeof fork === 'string' && fork !== '' ? fork : undefined;
  return <Playground key={forkId ?? 'new'} presets={PRESETS} forkId={forkId} />;
}
