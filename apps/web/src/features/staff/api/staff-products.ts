import {
  DISH_PICTURE_FIELD,
  type StaffProduct,
  type StaffProductList,
  type UpdateStaffProductInput,
} from '@comensal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { STAFF_ACTION_ERROR, STAFF_LOAD_ERROR } from '../staff-errors';

const productsPath = (restaurantId: string) =>
  `/api/staff/restaurants/${encodeURIComponent(restaurantId)}/products`;
export const staffProductsKey = (restaurantId: string) => ['staff', restaurantId, 'products'] as const;

/** `GET /api/staff/restaurants/:id/products`: every dish, hidden ones too. */
export function useStaffProducts(restaurantId: string) {
  return useQuery({
    queryKey: staffProductsKey(restaurantId),
    queryFn: ({ signal }) =>
      apiRequest<StaffProductList>(productsPath(restaurantId), { signal, logAs: STAFF_LOAD_ERROR }),
  });
}

/** `PATCH /api/staff/restaurants/:id/products/:productId`: price, discount, stock, hidden, schedule. */
export function updateStaffProduct(
  restaurantId: string,
  productId: string,
  change: UpdateStaffProductInput,
): Promise<StaffProduct> {
  return apiRequest<StaffProduct>(`${productsPath(restaurantId)}/${encodeURIComponent(productId)}`, {
    method: 'PATCH',
    body: change,
    logAs: STAFF_ACTION_ERROR,
  });
}

export function useUpdateStaffProduct(restaurantId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateStaffProductInput) => updateStaffProduct(restaurantId, productId, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffProductsKey(restaurantId) }),
  });
}

/** `POST /api/staff/restaurants/:id/products/:productId/picture` (multipart, field `picture`): the dish after. */
export function uploadStaffProductPicture(
  restaurantId: string,
  productId: string,
  file: File,
): Promise<StaffProduct> {
  const body = new FormData();
  body.append(DISH_PICTURE_FIELD, file, file.name);
  return apiRequest<StaffProduct>(`${productsPath(restaurantId)}/${encodeURIComponent(productId)}/picture`, {
    method: 'POST',
    body,
    logAs: STAFF_ACTION_ERROR,
  });
}

export function useUploadStaffProductPicture(restaurantId: string, productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadStaffProductPicture(restaurantId, productId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffProductsKey(restaurantId) }),
  });
}
