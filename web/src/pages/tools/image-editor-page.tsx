import { PlaceholderPage } from '../../components/placeholder-page';

export function ImageEditorPage() {
  return <PlaceholderPage title="Image Editor" text="The hero image editor arrives with the tools issue." />;
}
