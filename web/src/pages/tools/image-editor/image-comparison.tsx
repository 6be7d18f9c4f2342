import { BUTTON_SECONDARY } from '../tool-layout';
import type { EditedImage } from './use-image-edit';
import type { SourceImage } from './use-source-image';

const FRAME =
  'flex aspect-[16/10] items-center justify-center overflow-hidden rounded-2xl border border-line bg-sand';

function OriginalFigure({ source, error }: { readonly source: SourceImage | null; readonly error: string }) {
  return (
    <figure className="flex flex-col gap-2">
      <div className={FRAME}>
        {source ? (
          <img src={source.dataUrl} alt="Original" className="h-full w-full object-contain" />
        ) : (
          <p
            className={`px-4 text-center text-sm ${error ? 'text-danger' : 'text-muted'}`}
            role={error ? 'alert' : undefined}
          >
            {error || 'Loading the hero image…'}
          </p>
        )}
      </div>
      <figcaption className="text-sm text-muted">Original{source ? ` (${source.label})` : ''}</figcaption>
      {source && error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </figure>
  );
}

function EditedFigure({
  edited,
  downloadName,
  onEditFurther,
}: {
  readonly edited: EditedImage | null;
  readonly downloadName: string;
  readonly onEditFurther: (edited: EditedImage) => void;
}) {
  return (
    <figure className="flex flex-col gap-2">
      <div className={FRAME}>
        {edited ? (
          <img
            src={edited.dataUrl}
            alt={`Edited: ${edited.instruction}`}
            className="h-full w-full object-contain"
          />
        ) : (
          <p className="px-4 text-center text-sm text-muted">The edited image appears here.</p>
        )}
      </div>
      <figcaption className="text-sm text-muted">Edited</figcaption>
      {edited ? (
        <div className="space-y-2 text-sm">
          <p>
            <span className="font-semibold">Applied:</span> {edited.applied.join(', ')}
          </p>
          {edited.notApplied.length > 0 ? (
            <p className="text-danger">
              <span className="font-semibold">Not applied:</span> {edited.notApplied.join('; ')}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <a href={edited.dataUrl} download={downloadName} className={BUTTON_SECONDARY}>
              Download edited image
            </a>
            <button type="button" className={BUTTON_SECONDARY} onClick={() => onEditFurther(edited)}>
              Edit this result further
            </button>
          </div>
        </div>
      ) : null}
    </figure>
  );
}

/** The original and the edited image side by side. */
export function ImageComparison(props: {
  readonly source: SourceImage | null;
  readonly sourceError: string;
  readonly edited: EditedImage | null;
  readonly downloadName: string;
  readonly onEditFurther: (edited: EditedImage) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <OriginalFigure source={props.source} error={props.sourceError} />
      <EditedFigure
        edited={props.edited}
        downloadName={props.downloadName}
        onEditFurther={props.onEditFurther}
      />
    </div>
  );
}
