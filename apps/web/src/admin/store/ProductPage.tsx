import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Product } from '@plaza/sdk/catalog';
import { catalogMutations, catalogQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ErrorMessage, describeError } from '../../ui/ErrorMessage.js';
import { FormProblems } from '../../ui/FormProblems.js';
import { useToast } from '../Toast.js';
import { FormPage, FormSection, useDraft } from '../ui/FormPage.js';
import { MissingNotice } from '../ui/MissingNotice.js';
import { PageHeader } from '../ui/PageHeader.js';
import { BasicsSection, PricingSection, productFieldOf, productRules } from './ProductFields.js';
import { DigitalFileSection } from './DigitalFileSection.js';
import { CollectionsSection, MediaSection, SubscriptionSection } from './ProductExtras.js';
import {
  changesOf,
  draftHasProblems,
  draftOf,
  emptyDraft,
  inputOf,
  optionsProblem,
  type ProductDraft,
} from './productDraft.js';
import { InventorySection, VariantsSection } from './VariantsSection.js';
import { useFormRules } from '../../ui/useFormRules.js';
import { ownerOnlyPage } from '../ui/OwnerOnly.js';
import { SkeletonStack } from '../../ui/Skeleton.js';
import { ItemPlans } from '../plans/ItemPlans.js';

/** /admin/store/products/new and /admin/store/products/:productId: one product on one form. */
export const ProductPage = ownerOnlyPage('Product', 'products', ProductPageScreen);

function ProductPageScreen() {
  const { productId = 'new' } = useParams();
  if (productId === 'new') return <ProductForm product={null} />;
  return <ProductLoader productId={productId} />;
}

function ProductLoader({ productId }: { productId: string }) {
  const { data, error, isPending, isFetching, refetch } = useQuery(catalogQueries.product(usePlaza(), productId));
  if (isPending) {
    return (
      <SkeletonStack
        label="Loading the product"
        className="space-y-3"
        bars={['h-8 w-1/3', 'h-40 w-full', 'h-40 w-full']}
      />
    );
  }
  if (error && (error as { status?: number }).status === 404) {
    return <MissingNotice title="Product not found" backTo="/admin/store/products" backLabel="Back to products" />;
  }
  if (error) return <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  // A saved product starts a fresh form: the draft then equals what the server kept (prices as it formats them).
  return <ProductForm key={data.updatedDate} product={data} />;
}

/** Adds the product (then opens its page) or saves only what changed; with nothing changed, Save just undoes. */
function useProductSave(product: Product | null, saved: ProductDraft, undo: () => void) {
  const create = usePlazaMutation(catalogMutations.createProduct);
  const update = usePlazaMutation(catalogMutations.updateProduct);
  const navigate = useNavigate();
  const toast = useToast();
  const send = (draft: ProductDraft) => {
    if (!product) {
      create.mutate(inputOf(draft), {
        onSuccess: (r) => {
          toast(`${r.product.name} is added`);
          void navigate(`/admin/store/products/${r.product.id}`, { replace: true });
        },
      });
      return;
    }
    const changes = changesOf(draft, saved);
    if (!Object.keys(changes).length) return undo();
    update.mutate(
      { productId: product.id, product: changes },
      { onSuccess: (r) => toast(`${r.product.name} is saved`) },
    );
  };
  return { save: product ? update : create, send };
}

function ProductForm({ product }: { product: Product | null }) {
  const saved = useMemo(() => (product ? draftOf(product) : emptyDraft()), [product]);
  const { draft, set, dirty, undo } = useDraft<ProductDraft>(saved);
  const { save, send } = useProductSave(product, saved, undo);
  const [deleting, setDeleting] = useState(false);
  // After the first Save, every problem stands next to its field (the images', options' and variants' too).
  const [tried, setTried] = useState(false);
  const form = useFormRules(
    productRules,
    {
      name: draft.name.trim() ? draft.name : '',
      price: draft.price,
      compareAtPrice: draft.compareAtPrice,
      deposit: draft.deposit,
      sku: draft.sku,
      weight: draft.weight,
    },
    { serverError: save.error, fieldOf: productFieldOf },
  );
  const edited = (field: keyof typeof productRules) => form.edited(field);

  const submit = () => {
    setTried(true);
    const fieldsOk = form.check();
    if (!fieldsOk || draftHasProblems(draft)) return;
    send(draft);
  };

  return (
    <>
      <PageHeader
        title={product ? product.name : 'Add a product'}
        description={
          <Link to="/admin/store/products" className="text-accent hover:underline">
            ← All products
          </Link>
        }
        actions={
          product && (
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Delete product
            </Button>
          )
        }
      />
      <FormPage
        dirty={dirty}
        untouched={product ? undefined : 'Fill in the product, then add it.'}
        busy={save.isPending}
        saveLabel={product ? 'Save' : 'Add product'}
        onSubmit={submit}
        onUndo={undo}
      >
        <BasicsSection draft={draft} set={set} form={form} edited={edited} />
        <PricingSection draft={draft} set={set} form={form} edited={edited} />
        <MediaSection draft={draft} set={set} error={form.errors.media} showProblems={tried} />
        <VariantsSection
          draft={draft}
          set={set}
          error={(tried ? optionsProblem(draft) : undefined) ?? form.errors.variants}
          showProblems={tried}
        />
        <InventorySection draft={draft} set={set} />
        <CollectionsSection draft={draft} set={set} />
        <SubscriptionSection draft={draft} set={set} error={form.errors.plans} />
        <DigitalFileSection draft={draft} set={set} />
        <FormSection
          id="plans"
          title="Plans"
          description="Memberships that give this product credits or a member price, or keep it for their members."
        >
          <ItemPlans item={product && { kind: 'product', id: product.id }} noun="product" />
        </FormSection>
        <FormProblems form={form} error={save.error} />
        {tried && (Object.values(form.errors).some(Boolean) || draftHasProblems(draft)) && (
          <p role="alert" className="text-sm text-red-700">
            Some fields need a change before saving; each says what above.
          </p>
        )}
      </FormPage>
      {product && <DeleteProduct product={product} open={deleting} onClose={() => setDeleting(false)} />}
    </>
  );
}

function DeleteProduct({ product, open, onClose }: { product: Product; open: boolean; onClose: () => void }) {
  const remove = usePlazaMutation(catalogMutations.deleteProduct);
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <ConfirmDialog
      open={open}
      title={`Delete ${product.name}?`}
      confirmLabel="Delete product"
      danger
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(product.id, {
          onSuccess: () => {
            toast(`${product.name} is deleted`);
            void navigate('/admin/store/products');
          },
          onError: (e) => {
            onClose();
            toast(`It was not deleted: ${describeError(e).message}`, 'error');
          },
        })
      }
    >
      It disappears from your shop and its collections. Orders that already have it keep their lines.
    </ConfirmDialog>
  );
}
