/**
 * /image-editor: the owner edits the hero image with a plain-English instruction. The page fetches the
 * hero (or takes an uploaded image), sends it to POST /api/admin/hero-image/edit with the admin token
 * (kept in session storage, so it is gone when the tab closes) and shows the result beside the original.
 * The parts and hooks live in ./image-editor/.
 */
import { type FormEvent, useState } from 'react';
import { AdminTokenField } from './image-editor/admin-token-field';
import { ImageChoiceField } from './image-editor/image-choice-field';
import { ImageComparison } from './image-editor/image-comparison';
import { editedFileName } from './image-editor/image-data';
import { InstructionField } from './image-editor/instruction-field';
import { useAdminToken } from './image-editor/use-admin-token';
import { useImageEdit } from './image-editor/use-image-edit';
import { useSourceImage } from './image-editor/use-source-image';
import { BUTTON_PRIMARY, ToolLayout } from './tool-layout';

export function ImageEditorPage() {
  const token = useAdminToken();
  const image = useSourceImage();
  const edit = useImageEdit(token);
  const [instruction, setInstruction] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void edit.submit(image.source, instruction);
  };
  const onUpload = async (file: File | undefined) => {
    if (await image.upload(file)) edit.clearEdited();
  };

  const canSubmit = Boolean(image.source) && instruction.trim().length > 0 && !edit.busy;
  const downloadName = edit.edited ? editedFileName(image.heroId, edit.edited.dataUrl) : '';

  return (
    <ToolLayout
      wide
      title="Image Editor"
      intro={
        <p>
          Describe an edit to the hero image in plain English. Owner only: the server asks for the admin
          token, which this tab keeps until it is closed.
        </p>
      }
    >
      <form onSubmit={onSubmit} className="grid gap-6 lg:grid-cols-[22rem_1fr]" noValidate>
        <div className="space-y-5">
          <AdminTokenField token={token} />
          <ImageChoiceField
            heroId={image.heroId}
            onHeroChange={(heroId) => {
              image.chooseHero(heroId);
              edit.clearEdited();
            }}
            onUpload={(file) => void onUpload(file)}
          />
          <InstructionField value={instruction} onChange={setInstruction} />

          <button
            type="submit"
            className={`${BUTTON_PRIMARY} w-full`}
            disabled={!canSubmit}
            aria-describedby="edit-status"
          >
            {edit.busy ? 'Editing…' : 'Edit image'}
          </button>
          <div id="edit-status" aria-live="polite" className="text-sm">
            {edit.busy ? 'Sending the image to the editor…' : ''}
          </div>
          {edit.requestError ? (
            <p role="alert" className="text-sm text-danger">
              {edit.requestError}
            </p>
          ) : null}
        </div>

        <ImageComparison
          source={image.source}
          sourceError={image.sourceError}
          edited={edit.edited}
          downloadName={downloadName}
          onEditFurther={(edited) => {
            image.continueFrom(edited.dataUrl);
            edit.clearEdited();
          }}
        />
      </form>
    </ToolLayout>
  );
}
